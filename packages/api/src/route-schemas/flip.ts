// The schemas of Lightning Flip's routes (../routes/flip.ts), as values for the server.
import {
  adminFlipConfigBody,
  adminFlipPage,
  adminFlipQuery,
  flipConfig,
  flipDetail,
  flipDetailQuery,
  flipExposure,
  flipListQuery,
  flipPage,
  flipPosition,
  openFlipBody,
} from '../flip';

export const flip = {
  config: { answer: flipConfig },
  open: { body: openFlipBody, answer: flipPosition },
  positions: { query: flipListQuery, answer: flipPage },
  position: { query: flipDetailQuery, answer: flipDetail },
  adminConfig: { body: adminFlipConfigBody, answer: flipConfig },
  adminPositions: { query: adminFlipQuery, answer: adminFlipPage },
  adminExposure: { answer: flipExposure },
};

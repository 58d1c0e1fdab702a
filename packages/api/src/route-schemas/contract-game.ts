// The schemas of the contract game's routes (../routes/contract-game.ts), as values for the server.
import {
  gamePairList,
  openPositionBody,
  position,
  positionDetail,
  positionDetailQuery,
  positionIdBody,
  positionListQuery,
  positionPage,
  tpslBody,
} from '../contract-game';

export const contractGame = {
  pairs: { answer: gamePairList },
  open: { body: openPositionBody, answer: position },
  close: { body: positionIdBody, answer: position },
  setTargets: { body: tpslBody, answer: position },
  positions: { query: positionListQuery, answer: positionPage },
  position: { query: positionDetailQuery, answer: positionDetail },
};

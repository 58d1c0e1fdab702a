// The schemas of the health routes (../routes/health.ts), as values for the server.
import { healthResult, readyResult } from '../health';

export const health = {
  health: { answer: healthResult },
  ready: { answer: readyResult },
};

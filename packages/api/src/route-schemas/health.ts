// The schema of the health route (../routes/health.ts), as a value for the server.
import { healthResult } from '../health';

export const health = {
  health: { answer: healthResult },
};

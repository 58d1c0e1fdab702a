// The schemas of the plays feed's routes (../routes/plays.ts), as values for the server.
import { playFeedSettings } from '../plays';

export const plays = {
  settings: { answer: playFeedSettings },
  saveSettings: { body: playFeedSettings, answer: playFeedSettings },
};

// The schemas of the notification centre's routes (../routes/notifications.ts), as values for the server.
import { noticesPage, noticesQuery, noticesReadAnswer, noticesReadBody } from '../notifications';

export const notifications = {
  list: { query: noticesQuery, answer: noticesPage },
  read: { body: noticesReadBody, answer: noticesReadAnswer },
};

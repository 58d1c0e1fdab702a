// The schemas of the account routes (../routes/account.ts), as values for the server.
import {
  changePasswordBody,
  forgotBody,
  languageBody,
  loginBody,
  registerBody,
  sendCodeBody,
  sendCodeResult,
  sessionResult,
  userMe,
} from '../auth';

export const account = {
  sendCode: { body: sendCodeBody, answer: sendCodeResult },
  register: { body: registerBody, answer: sessionResult },
  login: { body: loginBody, answer: sessionResult },
  forgot: { body: forgotBody },
  logout: {},
  me: { answer: userMe },
  changePassword: { body: changePasswordBody, answer: sessionResult },
  setLanguage: { body: languageBody },
};

export * from './envelope';
export * from './auth';
export * from './admin';
export * from './health';
export * from './wallet';
export * from './admin-wallet';
export * from './chain-wallet';
export * from './activity';
export * from './market';
export * from './contract-game';
export * from './flip';
export * from './invite';
export * from './vip';
export * from './feedback';
export * from './push';
export * from './notifications';
export * from './plays';
export type {
  Answer,
  AnswerData,
  HandlerAnswer,
  Method,
  ParsedInput,
  Route,
  RouteInput,
  SchemasOf,
  Wire,
} from './routes/route';

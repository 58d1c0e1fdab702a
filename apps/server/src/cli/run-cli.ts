// How the operator CLIs (`npm run admin`, `npm run audit`) end: with the exit code their main answers,
// or with 1 after an error, printed as its message alone when the operator can act on it (a usage,
// configuration or database-lock error) and whole otherwise.
import { format } from 'node:util';
import { ConfigError, loadSecrets, maskSecrets } from '../config';
import { DatabaseLockedError } from '../db/pglite-lock';
import { CliError } from './command-kit';

export function runCli(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known =
        error instanceof CliError || error instanceof ConfigError || error instanceof DatabaseLockedError;
      // The error may quote a setting (a connection string with its password, say).
      console.error(maskSecrets(known ? error.message : format(error), loadSecrets()));
      process.exit(1);
    },
  );
}

// How the operator CLIs (`npm run admin`, `npm run audit`) end: with the exit code their main answers,
// or with 1 after an error, printed as its message alone when the operator can act on it (a usage,
// configuration or database-lock error) and whole otherwise.
import { ConfigError } from '../config';
import { DatabaseLockedError } from '../db/pglite-lock';
import { CliError } from './command-kit';

export function runCli(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof CliError || error instanceof ConfigError || error instanceof DatabaseLockedError) {
        console.error(error.message);
      } else {
        console.error(error);
      }
      process.exit(1);
    },
  );
}

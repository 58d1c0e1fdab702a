// `npm run admin -- <command> [args]`: operations from the command line. When a server runs on
// this DATA_DIR (DATA_DIR/server.json), the CLI calls its admin API with the admin credential; the
// embedded database is locked by that server. Otherwise the CLI opens the database itself and
// runs the same admin routes in process.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../config';
import { dataDirCommands } from './backup';
import { commands } from './commands';
import { connect } from './connection';
import { runCli } from './run-cli';

function usage(): string {
  const listed = [...commands, ...dataDirCommands];
  // Each command's usage on its line and what it does under it: some usages are longer than a terminal.
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    ...listed.map((command) => `  ${command.usage}\n      ${command.summary}`),
    '',
    'Money commands send an Idempotency-Key (printed); `--idempotency-key KEY` repeats a command safely:',
    'the server answers the first result and moves the money only once.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...given] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const onDataDir = dataDirCommands.find((candidate) => candidate.name === name);
  if (onDataDir) {
    console.log(await onDataDir.run(loadConfig(), given));
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  // Arguments are read (and refused) before the database or the server is reached.
  const invocation = command.parse(given);
  const idempotencyKey = invocation.idempotencyKey ?? `cli-${randomUUID()}`;
  const config = loadConfig();
  const connection = await connect(config, { idempotencyKey });
  try {
    const output = await invocation.run(connection.api);
    console.log(output);
    console.error(`(via ${connection.via})`);
    return 0;
  } finally {
    if (command.movesMoney) console.error(`(Idempotency-Key ${idempotencyKey})`);
    await connection.close();
  }
}

runCli(main);

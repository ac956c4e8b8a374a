import { assertNever } from '@punchline/domain';
import { CliConfigError, loadCliConfig } from './cli-config';
import { openCliContext } from './cli-context';
import { projectorCommand } from './projector.command';
import { replayCommand } from './replay.command';
import { verifyCommand, verifyFileCommand } from './verify.command';

const USAGE = `usage: node backend/dist/cli/cli.js <command>
  replay [--swap] [--keep]  rebuild every read model from position 0 into a fresh schema and compare it
                            with the live one (exit 1 if they differ); --swap installs the rebuilt tables,
                            --keep leaves the rebuilt schema rm_replay for inspection
  verify                    walk the event store's hash chain (exit 1 naming the first altered event)
  verify --file <export>    the same check, offline, on an export of GET /api/admin/audit/export
  projector                 run the projector as its own process (leader election, graceful SIGTERM)
Configuration from the environment: DATABASE_URL (else PGlite under DATA_DIR), EVENT_STORE,
EVENTSTORE_CONNECTION_STRING, LOG_LEVEL, PROJECTOR_BATCH_SIZE, PROJECTOR_POLL_MS,
PROJECTOR_LEADER_RETRY_MS, REPLAY_BATCH_SIZE.`;

const COMMANDS = ['replay', 'verify', 'projector'] as const;
type Command = (typeof COMMANDS)[number];

/** Runs one command; resolves to the process exit code. */
export async function main(argv: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const [command, ...flags] = argv;
  if (!COMMANDS.includes(command as Command)) {
    out(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  // Offline: no configuration, no database (an auditor's machine has only the file).
  if (command === 'verify' && flags[0] === '--file') {
    if (flags.length !== 2) {
      out(`verify --file needs exactly one file\n${USAGE}`);
      return 2;
    }
    return verifyFileCommand(flags[1]!, out);
  }
  const allowed = command === 'replay' ? ['--swap', '--keep'] : [];
  const unknown = flags.filter((f) => !allowed.includes(f));
  if (unknown.length > 0) {
    out(`unknown option ${unknown.join(' ')} for ${command}\n${USAGE}`);
    return 2;
  }
  let config;
  try {
    config = loadCliConfig();
  } catch (error) {
    if (error instanceof CliConfigError) {
      out(error.message);
      return 2;
    }
    throw error;
  }
  const chosen = command as Command;
  const ctx = await openCliContext(config);
  try {
    switch (chosen) {
      case 'replay':
        return await replayCommand(ctx, { swap: flags.includes('--swap'), keep: flags.includes('--keep'), out });
      case 'verify':
        return await verifyCommand(ctx, out);
      case 'projector':
        return await projectorCommand(ctx);
      default:
        return assertNever(chosen, 'command');
    }
  } finally {
    await ctx.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
      // Everything is closed by now; a stray handle must not keep a finished command alive.
      setTimeout(() => process.exit(code), 2000).unref();
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

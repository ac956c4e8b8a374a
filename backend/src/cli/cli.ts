import { assertNever } from '@punchline/domain';
import { CliConfigError, loadCliConfig } from './cli-config';
import { openCliContext } from './cli-context';
import { projectorCommand } from './projector.command';
import { replayCommand } from './replay.command';
import { verifyCheckpointCommand, verifyCommand, verifyFileCommand } from './verify.command';
import { leafSourceFor } from '../platform/event-store/create-event-store';
import { LogTree } from '../platform/log-tree/log-tree';
import { parseSignerKey } from '../platform/log-tree/signed-note';
import { logKeyName } from '../platform/runtime';
import { runCommand } from './run-command';

const USAGE = `usage: node backend/dist/cli/cli.js <command>
  replay [--swap] [--keep]  rebuild every read model from position 0 into a fresh schema and compare it
                            with the live one (exit 1 if they differ); --swap installs the rebuilt tables,
                            --keep leaves the rebuilt schema rm_replay for inspection
  verify                    walk the event store's hash chain (exit 1 naming the first altered event)
  verify --file <export>    the same check, offline, on an export of GET /api/admin/audit/export
  verify --checkpoint <file> [--file <export>] [--key <verifier key>]
                            does the log (or the export) extend a checkpoint kept earlier (or an earlier
                            export)? exit 1 naming truncation or rewrite; --key pins the log's verifier key
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
  if (command === 'verify' && flags.includes('--checkpoint')) return checkpointFlags(flags, out);
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

/** verify --checkpoint <file> [--file <export>] [--key <vkey>]: offline with --file, else on the configured store. */
async function checkpointFlags(flags: string[], out: (line: string) => void): Promise<number> {
  const values = new Map<string, string>();
  for (let i = 0; i < flags.length; i += 2) {
    const [flag, value] = [flags[i]!, flags[i + 1]];
    if (!['--checkpoint', '--file', '--key'].includes(flag) || value === undefined || values.has(flag)) {
      out(`verify --checkpoint <file> [--file <export>] [--key <verifier key>]: unexpected ${flag}\n${USAGE}`);
      return 2;
    }
    values.set(flag, value);
  }
  const live = async () => {
    const ctx = await openCliContext(loadCliConfig());
    const signer = process.env.LOG_SIGNING_KEY ? parseSignerKey(process.env.LOG_SIGNING_KEY) : undefined;
    const tree = await LogTree.open(ctx.db, leafSourceFor(ctx.store), { signer, keyName: logKeyName(process.env.PUBLIC_BASE_URL || 'http://localhost:3000') });
    return { tree, close: () => ctx.close() };
  };
  try {
    return await verifyCheckpointCommand({ checkpoint: values.get('--checkpoint')!, file: values.get('--file'), key: values.get('--key'), live }, out);
  } catch (error) {
    if (error instanceof CliConfigError) {
      out(error.message);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) runCommand(() => main(process.argv.slice(2)));

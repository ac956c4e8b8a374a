/** The command-line tools as other code (their tests) sees them (issue 9: a feature is used through its index). */
export { loadCliConfig } from './cli-config';
export type { CliContext } from './cli-context';
export { verifyCheckpointCommand, verifyCommand, verifyFileCommand } from './verify.command';

import { join } from 'node:path';

/** The owner-only socket a server with an embedded database listens on for CLI commands. */
export function adminSocketPath(dataDir: string): string {
  return join(adminRunDir(dataDir), 'admin.sock');
}

/** Mode 0700: the directory, not the socket's own mode, is what keeps other users out. */
export function adminRunDir(dataDir: string): string {
  return join(dataDir, 'run');
}

export const ADMIN_COMMAND_PATH = '/commands';

/** What the CLI sends: a command and its arguments exactly as typed. */
export interface AdminRequest {
  command: string;
  args: string[];
}

/** What the server answers: the command's result, or why it failed (`usage` means exit status 2). */
export type AdminResponse = { result: unknown } | { error: { kind: string; message: string } };

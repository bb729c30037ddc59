import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';

export type NodemailerModule = typeof Nodemailer;
let nodemailer: NodemailerModule | undefined;

/** nodemailer, loaded with the first mail (once): a process that sends none never loads it (decision `optional-packages-loaded-late`). */
export function loadNodemailer(): NodemailerModule {
  return nodemailer ??= createRequire(__filename)('nodemailer') as NodemailerModule;
}

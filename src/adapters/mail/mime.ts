import { randomBytes } from 'node:crypto';
import type { Mail } from '../../application/ports/mail-sender';

/** A header value as RFC 2047 wants it: as it is when it is printable ASCII, else one base64 encoded word per chunk. */
function headerText(value: string): string {
  const flat = value.replace(/[\r\n]+/gu, ' ');
  if (/^[\x20-\x7e]*$/u.test(flat)) return flat;
  const words: string[] = [];
  let chunk = '';
  // Encoded words stay under 75 characters: 45 bytes of UTF-8 each, never splitting a character.
  for (const char of flat) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk !== '') words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

/** An address header: the display name encoded when it needs to be, the address as it is. */
function addressHeader(value: string): string {
  const match = /^(.*)<([^<>]+)>$/u.exec(value.trim());
  if (match === null) return value.trim();
  const name = (match[1] ?? '').trim();
  return name === '' ? `<${match[2]}>` : `${/^[\x20-\x7e]*$/u.test(name) ? `"${name.replace(/["\\]/gu, '')}"` : headerText(name)} <${match[2]}>`;
}

/** The mail as an RFC 5322 message (`.eml`): plain text in UTF-8, base64 in lines of 76. */
export function mimeMessage(mail: Mail, from: string, date: Date, messageId: string): string {
  const domain = /@([^>\s]+)>?$/u.exec(from)?.[1] ?? 'localhost';
  const body = Buffer.from(mail.text.replace(/\r?\n/gu, '\r\n')).toString('base64').replace(/.{76}/gu, '$&\r\n');
  return [
    `From: ${addressHeader(from)}`,
    `To: ${addressHeader(mail.to)}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${messageId}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
    '',
  ].join('\r\n');
}

/** A message id's local part: random, so two instances never make the same. */
export function newMessageId(): string {
  return randomBytes(12).toString('hex');
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A throw-away self-signed certificate for 127.0.0.1, written into `dir` (node:crypto cannot write X.509). */
export function selfSigned(dir: string): { key: Buffer; cert: Buffer } {
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-days', '1', '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'ignore' });
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

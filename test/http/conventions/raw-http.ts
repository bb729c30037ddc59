import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** One HTTP/1.1 exchange over a socket, so that request bytes reach the server exactly as written. */
export function rawRequest(origin: string, head: Buffer, body: Buffer = Buffer.alloc(0)): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(Buffer.concat([head, body])));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

/** `GET <target> HTTP/1.1` with the target's bytes as given. */
export function getHead(target: Buffer): Buffer {
  return Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')]);
}

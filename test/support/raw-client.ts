import net from 'node:net';

export interface RawReply {
  status: number;
  head: string;
  body: string;
}

/** One request/response over its own socket, bytes exactly as given; fails when no complete answer comes in `timeoutMs`. */
export function sendRaw(port: number, bytes: Buffer, timeoutMs = 5_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1];
      if (split === -1 || status === undefined) return reject(new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status: Number(status), head: text.slice(0, split), body: text.slice(split + 4) });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset the socket after answering (a refused body it did not read): the answer counts.
    socket.on('error', () => undefined);
    socket.on('close', finish);
  });
}

/** An HTTP/1.1 request with `Connection: close` and the right Content-Length. */
export function rawHttpRequest(method: string, target: Buffer, headers: Record<string, string>, body: Buffer | null): Buffer {
  const lines = [`Host: 127.0.0.1`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== null) lines.push(`Content-Length: ${body.length}`);
  return Buffer.concat([
    Buffer.from(`${method} `), target, Buffer.from(` HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`), body ?? Buffer.alloc(0),
  ]);
}

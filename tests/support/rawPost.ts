/**
 * A POST over a raw socket that reads the status line. A server that refuses a body early answers and
 * closes while the client still writes; fetch reports that as a failed write, a person's browser as the
 * answer. Used where the server is meant to refuse a body by its length (issue 29, finding 4).
 */
import { connect } from 'node:net';

export function rawPost(url: string, path: string, type: string, body: Buffer): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', () => {}); // the write cut short by the server's early answer
    socket.on('close', () => reject(new Error(`no answer: ${answer.slice(0, 200)}`)));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body);
  });
}

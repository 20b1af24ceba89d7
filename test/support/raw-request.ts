import { request } from 'node:http';

/**
 * A GET or POST with headers fetch() will not send as given (Host), as a page whose name was
 * rebound to 127.0.0.1 would send them: status and body.
 */
export const rawRequest = (url: string, headers: Record<string, string>, body?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: body === undefined ? 'GET' : 'POST', headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

// A request sent exactly as given (path unnormalised, any headers, any bytes as body), as a
// fuzzer or a hostile client would; fetch and supertest would tidy such requests up.
import { request } from 'node:http';

export type RawRequest = { method: string; path: string; headers: Record<string, string>; body?: string };
export type RawResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

export function sendRaw(origin: string, raw: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const headers =
      raw.body === undefined ? raw.headers : { ...raw.headers, 'Content-Length': String(Buffer.byteLength(raw.body)) };
    const outgoing = request({ hostname, port, method: raw.method, path: raw.path, headers }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(raw.body);
  });
}

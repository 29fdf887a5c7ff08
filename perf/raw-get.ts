// GETs that keep the body as the server sent it (fetch would decompress it), for the bench and the
// byte budgets (issue 6).
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export interface RawAnswer {
  status: number;
  /** Lower-case names, in the order sent. */
  headers: [string, string][];
  body: Buffer;
}

export function rawGet(url: string | URL, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = request(target, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        done({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on("error", fail);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${target} timed out`)));
    req.on("error", fail);
    req.end();
  });
}

export const header = (answer: RawAnswer, name: string) => answer.headers.find(([n]) => n === name)?.[1];

/**
 * The bytes a server sends for a URL to a browser that accepts one content encoding (headers
 * aside). The budgets in gzip are measured this way, on the copies the server really serves, not
 * on a recompression of the file.
 */
export async function servedSize(url: string | URL, encoding: "gzip" | "br"): Promise<number> {
  const answer = await rawGet(url, { "Accept-Encoding": encoding });
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return answer.body.length;
}

// The bytes a server sends for a URL to a client that accepts one content encoding: what a browser
// of that kind downloads (headers aside). The budgets in gzip (issue 6) are measured this way, on
// the copies the server really serves, not on a recompression of the file.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export function servedSize(url: string | URL, encoding: "gzip" | "br"): Promise<number> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    request(target, { headers: { "accept-encoding": encoding } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${target}: ${response.statusCode}`));
        return;
      }
      let size = 0;
      response.on("data", (chunk: Buffer) => (size += chunk.length));
      response.on("end", () => resolve(size));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

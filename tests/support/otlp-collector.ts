import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as the portal's OTLP/HTTP exporter sends it (JSON). */
export interface ExportedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly startTimeUnixNano: string;
  readonly endTimeUnixNano: string;
}

export interface OtlpCollector {
  readonly server: Server;
  /** For OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  readonly url: string;
}

/** An OTLP/HTTP (JSON) trace receiver on a free port: what a collector would get, into `into`. */
export async function startOtlpCollector(into: ExportedSpan[]): Promise<OtlpCollector> {
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) into.push(...scope.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

import { parentPort, threadId } from 'node:worker_threads';
import { type PrintablePdfInput, renderPrintablePdf } from './render';

/*
 * The thread that draws printable PDFs (see printable.ts): one request at a time from the
 * server's main thread, answered with the bytes (moved, not copied) or the error's message.
 */

type Request = { id: number; input: PrintablePdfInput };

parentPort?.on('message', (request: Request) => {
  renderPrintablePdf(request.input).then(
    (bytes) =>
      parentPort?.postMessage({ id: request.id, bytes, threadId }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});

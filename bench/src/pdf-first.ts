import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the PDF process answers. */
export type PdfReply =
  | {
      type: 'result';
      /** Loading the PDF service's modules (the import, before any document). */
      importMs: number;
      /** Render and seal of the process's first document of 20 sections. */
      firstMs: number;
      /** The same document again, in the same (warm) process. */
      warmMs: number[];
      bytes: number;
    }
  | { type: 'error'; message: string };

export type PdfFigure = Omit<Extract<PdfReply, { type: 'result' }>, 'type'>;

const CHILD_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pdf-child.ts');
const LIMIT_MS = 120_000;

/**
 * The first sealed PDF of 20 sections in a fresh process, then warm ones: pdf-child.ts runs in a
 * forked process (tsx's loader comes along through execArgv), so no font or module is loaded yet.
 */
export function measureFirstPdf(): Promise<PdfFigure> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_PATH, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(watchdog);
      outcome();
    };
    const watchdog = setTimeout(() => {
      child.kill('SIGKILL');
      settle(() => reject(new Error(`The PDF process did not answer within ${LIMIT_MS} ms`)));
    }, LIMIT_MS);
    child.once('message', (message: PdfReply) => {
      settle(() => {
        if (message.type === 'error') return reject(new Error(message.message));
        const { type: _type, ...figure } = message;
        resolve(figure);
      });
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code) =>
      settle(() => reject(new Error(`The PDF process exited (${code}) without an answer`))),
    );
  });
}

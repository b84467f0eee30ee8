// The whole set judged, two documents at a time (each starts up to four node processes, and the
// machine may have two cores), every server stopped by its PID at the end, whatever happened.
import { DOCUMENTS, type RealDocument } from './catalogue.js';
import type { DocumentFigures } from './figures.js';
import { type JudgeOptions, judgeDocument } from './judge-document.js';
import { stopAll } from './processes.js';

export type SetOptions = JudgeOptions & {
  documents?: RealDocument[];
  parallel?: number;
  onDocument?: (figures: DocumentFigures) => void;
};

export async function runRealContracts(options: SetOptions): Promise<DocumentFigures[]> {
  const queue = [...(options.documents ?? DOCUMENTS)];
  const results: DocumentFigures[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const figures = await judgeDocument(next, options);
      results.push(figures);
      options.onDocument?.(figures);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.parallel ?? 2 }, worker));
  } finally {
    await stopAll();
  }
  const order = (options.documents ?? DOCUMENTS).map((entry) => entry.name);
  return results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

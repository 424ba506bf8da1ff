// A download's text in a test: what was offered, read as the app reads files (src/lib/read-text.ts).
import { readText } from '../../src/lib/read-text';

export function blobText(blob: Blob | undefined): Promise<string> {
  return blob ? readText(blob) : Promise.reject(new Error('nothing was downloaded'));
}

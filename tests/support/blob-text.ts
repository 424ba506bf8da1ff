// A downloaded Blob's text in jsdom, whose Blob has no text() and which Response cannot read: FileReader.
export function blobText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) {
      reject(new Error('nothing was downloaded'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('the file could not be read'));
    };
    reader.readAsText(blob);
  });
}

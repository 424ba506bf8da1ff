// Hands text to the browser as a file download (CSV reports, the unsynced-work export): a Blob, an object
// URL and a hidden link, clicked once.
export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled: the download holds its own reference by then.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 0);
  }
}

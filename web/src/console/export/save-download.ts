import type { ConsoleFile } from '../client/console-client';

/**
 * Hands a file the API sent to the browser's own download (a link with `download`, clicked
 * once), so the file keeps the name the API gave it. The object URL is released once the browser
 * has taken it.
 */
export function saveDownload({ blob, filename }: ConsoleFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

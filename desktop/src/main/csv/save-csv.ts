import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { app, dialog, type BrowserWindow } from 'electron';

/** An export saved where the admin chooses, through the native save dialog. */
export async function saveCsv(window: BrowserWindow | null, fileName: string, content: string): Promise<'saved' | 'cancelled'> {
  const options = {
    title: 'Save CSV export',
    defaultPath: path.join(app.getPath('downloads'), fileName),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
  };
  const { canceled, filePath } = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (canceled || !filePath) return 'cancelled';
  await writeFile(filePath, content, 'utf8');
  return 'saved';
}

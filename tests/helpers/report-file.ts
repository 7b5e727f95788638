/**
 * Reads report files back as a person's tools would: a PDF's page count and text, an Excel
 * workbook's sheets and typed cells (`.bin/report-inspect`, built by scripts/setup.sh from Go PDF
 * and Excel readers), and a zip's CSV files.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const INSPECT = resolve(import.meta.dirname, '../../.bin/report-inspect');

export interface PdfInfo {
  kind: 'pdf';
  pages: number;
  pageTexts: string[];
  text: string;
}

export interface ExcelCell {
  shown: string;
  raw: string;
  type: 'number' | 'date' | 'string' | 'bool' | 'empty';
}

export interface ExcelInfo {
  kind: 'excel';
  sheets: { name: string; frozenHeader: boolean; rows: ExcelCell[][] }[];
}

async function inspect(data: Buffer, ext: string): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'report-'));
  try {
    const file = join(dir, `report.${ext}`);
    writeFileSync(file, data);
    const { stdout } = await promisify(execFile)(INSPECT, [file], { maxBuffer: 64 << 20 });
    return JSON.parse(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const readPdf = (data: Buffer) => inspect(data, 'pdf') as Promise<PdfInfo>;
export const readExcel = (data: Buffer) => inspect(data, 'xlsx') as Promise<ExcelInfo>;

/** The shown text of each row of a sheet. */
export function sheetRows(info: ExcelInfo, name: string): string[][] {
  const sheet = info.sheets.find((s) => s.name === name);
  if (!sheet) throw new Error(`no sheet ${name} in ${info.sheets.map((s) => s.name).join(', ')}`);
  return sheet.rows.map((r) => r.map((c) => c.shown));
}

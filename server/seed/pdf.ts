/**
 * A one-page text PDF (PDF 1.4, Helvetica, A4) for the seed's inspection reports, so the version list's PDF links
 * open real PDFs. Latin-1 text only: other characters become '?'.
 */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const text = (s: string) => `(${s.replace(/[^\x20-\xff]/g, '?').replace(/([\\()])/g, '\\$1')})`;
  const content = [
    'BT',
    `/F1 18 Tf 56 780 Td ${text(title)} Tj`,
    '/F1 11 Tf 0 -30 Td 16 TL',
    ...lines.map((line) => `${text(line)} '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

import { inflateSync } from 'node:zlib';

/**
 * The content of every stream, read by its /Length: the data may end in any byte, so a search for the end-of-line
 * before `endstream` (optional in the PDF spec) would cut a final 0x0D. pdfkit writes /Length as a direct number.
 */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const raw = pdf.toString('latin1');
  const header = /\d+ \d+ obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g;
  const streams: Buffer[] = [];
  for (let match = header.exec(raw); match; match = header.exec(raw)) {
    const length = /\/Length (\d+)\b(?!\s+\d+\s+R)/.exec(match[1]!)?.[1];
    if (length === undefined) throw new Error(`a stream without a direct /Length at byte ${match.index}`);
    const start = match.index + match[0].length;
    const end = start + Number(length);
    if (!/^\s*endstream/.test(raw.slice(end, end + 12))) throw new Error(`the stream at byte ${match.index} does not end where its /Length says`);
    streams.push(pdf.subarray(start, end));
    // Skip the data: deflated bytes may happen to spell "obj".
    header.lastIndex = end;
  }
  return streams;
}

/** The text drawn on the pages: pdfkit writes it as hex strings inside TJ arrays of deflated content streams. */
export function pageText(pdf: Buffer): string {
  let text = '';
  for (const stream of pdfStreams(pdf)) {
    let content: string;
    try {
      content = inflateSync(stream).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      text += [...array[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('') + '\n';
    }
  }
  return text;
}

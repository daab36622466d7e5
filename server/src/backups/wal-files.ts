/**
 * WAL file names: 8 hex digits of timeline, then the segment number split in two (the "log" and
 * the segment within it), 24 digits in all (000000010000000000000003).
 */
export const WAL_SEGMENT_NAME = /^[0-9A-F]{24}$/;

const segmentsPerLog = (segmentBytes: number) => 0x1_0000_0000 / segmentBytes;

export function segmentNumber(name: string, segmentBytes: number): number {
  return parseInt(name.slice(8, 16), 16) * segmentsPerLog(segmentBytes) + parseInt(name.slice(16, 24), 16);
}

export const timelineOf = (name: string) => parseInt(name.slice(0, 8), 16);

export function segmentName(timeline: number, segment: number, segmentBytes: number): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  const perLog = segmentsPerLog(segmentBytes);
  return hex(timeline) + hex(Math.floor(segment / perLog)) + hex(segment % perLog);
}

/**
 * The segment an archived file belongs to, for any file of the archive: a segment, a segment's
 * .partial (the end of an old timeline), a backup's history file (<segment>.<offset>.backup).
 * Undefined for a timeline's .history, which every later restore may need.
 */
export function segmentOf(fileName: string, segmentBytes: number): number | undefined {
  const name = fileName.slice(0, 24);
  return WAL_SEGMENT_NAME.test(name) && !fileName.endsWith('.history') ? segmentNumber(name, segmentBytes) : undefined;
}

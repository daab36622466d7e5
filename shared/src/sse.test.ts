import { describe, expect, it } from 'vitest';
import { sseParser, type SseMessage } from './sse.js';

function parseAll(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const feed = sseParser((message) => messages.push(message));
  chunks.forEach(feed);
  return messages;
}

describe('sseParser', () => {
  it('reads named events and skips comments', () => {
    expect(parseAll(['retry: 5000\n: connected\n\n', 'event: stake.created\ndata: {"id":1}\n\n', ': ping\n\n'])).toEqual([
      { event: 'stake.created', data: '{"id":1}' },
    ]);
  });

  it('joins a message split anywhere across chunks, CRLF included', () => {
    const text = 'event: a\r\ndata: one\r\n\r\nevent: b\ndata: two\ndata: lines\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)])).toEqual([
        { event: 'a', data: 'one' },
        { event: 'b', data: 'two\nlines' },
      ]);
    }
  });

  it("calls an unnamed event 'message' and waits for the blank line", () => {
    expect(parseAll(['data:x\n'])).toEqual([]);
    expect(parseAll(['data:x\n\n'])).toEqual([{ event: 'message', data: 'x' }]);
  });
});

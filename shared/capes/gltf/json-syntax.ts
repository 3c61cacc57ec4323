/**
 * Where JSON text goes wrong: a small scanner of JSON's grammar (RFC 8259) that finds the first
 * character at which the text stops being JSON and says why, in words of its own — because
 * `JSON.parse`'s messages vary between engines and often give no position. Called only after
 * `JSON.parse` has refused the text. Iterative, so deep nesting cannot overflow the stack.
 */

/** The first syntax error of `text`: its character position and a reason; null when the text is JSON. */
export function jsonSyntaxError(text: string): { position: number; reason: string } | null {
  const OBJECT = 0;
  const ARRAY = 1;
  const stack: number[] = [];
  type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';
  let expect: Expect = 'value';
  let at = 0;
  const error = (reason: string, position = at) => ({ position, reason });
  const afterValue = (): Expect => (stack.length ? 'commaOrClose' : 'end');
  while (true) {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at += 1;
    if (at >= text.length) return expect === 'end' ? null : error('the text ends inside the JSON');
    const character = text[at]!;
    const top = stack[stack.length - 1];
    if (expect === 'end') return error('there is more text after the JSON value');
    if (expect === 'colon') {
      if (character !== ':') return error(`expected ':' after the property name, found ${describe(character)}`);
      at += 1;
      expect = 'value';
      continue;
    }
    if (expect === 'commaOrClose') {
      if (character === ',') {
        at += 1;
        expect = top === OBJECT ? 'key' : 'value';
      } else if (character === (top === OBJECT ? '}' : ']')) {
        at += 1;
        stack.pop();
        expect = afterValue();
      } else return error(`expected ',' or '${top === OBJECT ? '}' : ']'}', found ${describe(character)}`);
      continue;
    }
    if (expect === 'key' || expect === 'keyOrClose') {
      if (character === '}' && expect === 'keyOrClose') {
        at += 1;
        stack.pop();
        expect = afterValue();
        continue;
      }
      if (character !== '"') return error(`expected a property name in double quotes, found ${describe(character)}`);
      const end = scanString(text, at);
      if (typeof end !== 'number') return end;
      at = end;
      expect = 'colon';
      continue;
    }
    // A value (or, in an array just opened, its end).
    if (character === ']' && expect === 'valueOrClose') {
      at += 1;
      stack.pop();
      expect = afterValue();
    } else if (character === '{' || character === '[') {
      stack.push(character === '{' ? OBJECT : ARRAY);
      at += 1;
      expect = character === '{' ? 'keyOrClose' : 'valueOrClose';
    } else if (character === '"') {
      const end = scanString(text, at);
      if (typeof end !== 'number') return end;
      at = end;
      expect = afterValue();
    } else if (character === '-' || (character >= '0' && character <= '9')) {
      NUMBER.lastIndex = at;
      const match = NUMBER.exec(text);
      if (!match) return error('a malformed number');
      at += match[0].length;
      expect = afterValue();
    } else {
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, at));
      if (!literal) return error(`expected a value, found ${describe(character)}`);
      at += literal.length;
      expect = afterValue();
    }
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';

/** The position after the string starting at `start` (a `"`), or the error inside it. */
function scanString(text: string, start: number): number | { position: number; reason: string } {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x22) return at + 1;
    if (code < 0x20) return { position: at, reason: `a control character (${describe(text[at]!)}) inside a string` };
    if (code === 0x5c) {
      const escape = text[at + 1];
      if (escape === undefined) break;
      if (escape === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
          return at + 6 > text.length
            ? { position: text.length, reason: 'the text ends inside a string' }
            : { position: at, reason: 'a malformed \\u escape' };
        }
        at += 6;
        continue;
      }
      if (!ESCAPES.includes(escape)) return { position: at, reason: `an unknown escape \\${escape}` };
      at += 2;
      continue;
    }
    at += 1;
  }
  return { position: text.length, reason: 'the text ends inside a string' };
}

/** A character for a message: printable as itself in quotes, otherwise its code point. */
function describe(character: string): string {
  const code = character.codePointAt(0)!;
  return code >= 0x20 && code < 0x7f ? `'${character}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

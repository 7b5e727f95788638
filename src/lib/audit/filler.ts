/**
 * Filler a template ships with, read by its shape rather than by one generator's phrases: a run of
 * the pseudo-Latin that filler generators draw their words from, and a heading that names its own
 * role ("Section Heading", "Card title"). Each is seen in several template families of the
 * corpus's tuning half; shapes seen in one family only (a bracketed field such as "[Company
 * Name]", a note to the editor such as "You can write here…") were tried and left out.
 */

/** The vocabulary of Lorem ipsum generators (their word lists and Cicero's de Finibus 1.32-33). */
const FILLER_LATIN = new Set(
  (
    'lorem ipsum dolor sit amet consectetur consectetuer adipiscing adipisicing elit sed do eiusmod tempor incididunt ut labore ' +
    'et dolore magna magnam aliqua aliquam aliquet enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ' +
    'ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum eu fugiat nulla pariatur excepteur ' +
    'sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum ac accumsan aenean ante ' +
    'arcu at auctor augue bibendum blandit condimentum congue convallis cras curabitur cursus dapibus diam dictum dignissim ' +
    'donec dui egestas eget eleifend elementum erat eros etiam euismod facilisis fames faucibus felis fermentum feugiat ' +
    'fringilla fusce gravida habitant hendrerit iaculis imperdiet integer interdum justo lacinia lacus laoreet lectus leo ' +
    'libero ligula lobortis luctus maecenas malesuada massa mattis mauris metus mi molestie mollis morbi nam nec neque nibh ' +
    'nisl nullam nunc odio orci ornare pellentesque pharetra phasellus placerat porta porttitor posuere praesent pretium proin ' +
    'pulvinar purus quam quisque rhoncus risus rutrum sagittis sapien scelerisque sem semper sodales sollicitudin suscipit ' +
    'suspendisse tellus tempus tincidunt tortor tristique turpis ullamcorper ultrices ultricies urna varius vehicula vel ' +
    'venenatis vestibulum vitae vivamus viverra volutpat vulputate quia numquam modi tempora incidunt quaerat voluptatem ' +
    'voluptas accusantium doloremque laudantium totam rem aperiam eaque ipsa quae ab illo inventore veritatis quasi ' +
    'architecto beatae vitae dicta explicabo nemo ipsam quia voluptas aspernatur aut odit fugit consequuntur magni dolores eos ' +
    'ratione sequi nesciunt neque porro quisquam dolorem adipisci numquam eius tempora curae cubilia primis potenti ' +
    'dictumst platea hac habitasse sociis natoque penatibus magnis dis parturient montes nascetur ridiculus mus'
  ).split(' '),
);
/** Whether a word (in lower case) is one of the filler generators' pseudo-Latin. */
export function isFillerWord(word: string): boolean {
  return FILLER_LATIN.has(word);
}

/** Words Latin mottos and the Romance languages share with the filler: a run needs others too. */
const SHARED = new Set('a ad at et est id in non sed ut qui quis mi nec per eu vel nam leo ex do ea ab rem eos aut sit esse'.split(' '));
/** Consecutive filler words, of which this many are the generators' own, make a run of filler. */
const RUN = 6;
const OWN = 3;

/** Where the first run of generator Latin starts in text, or -1. */
export function fillerLatinAt(text: string): number {
  let start = -1;
  let length = 0;
  let own = 0;
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const word = m[0].toLowerCase();
    if (!FILLER_LATIN.has(word)) {
      length = 0;
      own = 0;
      continue;
    }
    if (length === 0) start = m.index;
    length++;
    if (!SHARED.has(word)) own++;
    if (length >= RUN && own >= OWN) return start;
  }
  return -1;
}

/** A heading that names its own role ("Section Heading", "Card title", "Heading 1") instead of saying anything. */
export const ROLE_HEADING =
  /^(?:(?:my|the|page|section|card|form|block|article|post|feature|item|box|column|sidebar|footer|widget)\s+)*(?:heading|sub-?heading|title|sub-?title|headline|tagline|caption)(?:\s+(?:\d+|[a-z]|here|text|goes here))?$/i;

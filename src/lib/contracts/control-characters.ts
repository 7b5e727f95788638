/**
 * Characters no text field of an event may hold: U+0000-U+001F and DEL, written as what is
 * allowed. Its own module, so the tracker takes this without the payload validator.
 */
export const CONTROL_CHARACTERS = /[^ -~\x80-\uffff]/g;

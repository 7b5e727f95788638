/** `$loggingOut`: set while the Log Out toast shows, so the guard does not redirect first. */
import { atom } from 'nanostores';

export const $loggingOut = atom(false);

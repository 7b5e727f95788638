/** A field as the plain JSON a collection definition holds: the keys of the field types we use. */
interface FieldJSON {
  id?: string;
  name?: string;
  type?: string;
  system?: boolean;
  hidden?: boolean;
  presentable?: boolean;
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: string;
  autogeneratePattern?: string;
  primaryKey?: boolean;
  onlyInt?: boolean;
  values?: string[];
  maxSelect?: number;
  minSelect?: number;
  maxSize?: number;
  collectionId?: string;
  cascadeDelete?: boolean;
  onCreate?: boolean;
  onUpdate?: boolean;
  exceptDomains?: string[];
  onlyDomains?: string[];
  convertURLs?: boolean;
}

/**
 * A collection definition as plain JSON. jsvm's `new Collection(def)` runs json.Unmarshal on it, but
 * PocketBase's generated declarations type `def` as the Go struct, whose methods (type(), getName()...)
 * clash with the JSON keys of its fields and indexes. A definition is cast to this type, which the
 * constructor accepts; a cast is only checked loosely, so the migration tests remain the real check.
 */
type CollectionJSON = Partial<Collection> & { fields?: FieldJSON[]; indexes?: string[] };

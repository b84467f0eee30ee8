// A value made once per object and kept while the object lives: what is derived of a contract or
// a store (its resource model, its data view) is shared by everyone who asks for it.

/** `make`, called once per key; later calls with the same key answer what it made. */
export function madeOncePer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

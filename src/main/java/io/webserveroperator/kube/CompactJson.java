package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.webserveroperator.manifest.UntypedMaps;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Function;

/**
 * Rewrites a cached object's JSON maps as {@link CompactMap}s, read-only and in the same order,
 * with keys and values side by side in one array, and its lists as read-only lists. A parsed JSON
 * object is a {@code LinkedHashMap}, about 170 bytes for the two entries a typical one holds
 * against about 50 here; across the tens of thousands of objects an informer caches, the maps were
 * half of the operator's heap.
 *
 * <p>Read-only on purpose: an informer's cached objects are shared, and a reader that changed one
 * would corrupt every later read; with these it fails at once instead.
 */
final class CompactJson {

  private CompactJson() {}

  /** Compacts the object's content and its labels and annotations, in place. */
  static void compact(GenericKubernetesResource object) {
    ObjectMeta metadata = object.getMetadata();
    if (metadata != null) {
      metadata.setLabels(compactMap(metadata.getLabels()));
      metadata.setAnnotations(compactMap(metadata.getAnnotations()));
    }
    object.getAdditionalProperties().replaceAll((key, value) -> compactValue(value));
  }

  private static <V> Map<String, V> compactMap(Map<String, V> map) {
    return map == null || map.isEmpty() ? map : CompactMap.of(map, v -> v);
  }

  private static Object compactValue(Object value) {
    if (value instanceof Map<?, ?>) {
      return CompactMap.of(UntypedMaps.asMap(value, "a cached field"), CompactJson::compactValue);
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(compactValue(item)));
      return Collections.unmodifiableList(copy);
    }
    return value;
  }

  /** A read-only map in insertion order over one array: key, value, key, value, ... */
  static final class CompactMap<V> extends AbstractMap<String, V> {

    private final Object[] keysAndValues;

    private CompactMap(Object[] keysAndValues) {
      this.keysAndValues = keysAndValues;
    }

    static <V> CompactMap<V> of(Map<String, V> map, Function<Object, Object> values) {
      Object[] array = new Object[map.size() * 2];
      int i = 0;
      for (Map.Entry<String, V> entry : map.entrySet()) {
        array[i++] = entry.getKey();
        array[i++] = values.apply(entry.getValue());
      }
      return new CompactMap<>(array);
    }

    @Override
    public int size() {
      return keysAndValues.length / 2;
    }

    @Override
    public boolean containsKey(Object key) {
      return indexOf(key) >= 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public V get(Object key) {
      int index = indexOf(key);
      return index < 0 ? null : (V) keysAndValues[index + 1];
    }

    private int indexOf(Object key) {
      for (int i = 0; i < keysAndValues.length; i += 2) {
        if (keysAndValues[i].equals(key)) {
          return i;
        }
      }
      return -1;
    }

    @Override
    public Set<Map.Entry<String, V>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return CompactMap.this.size();
        }

        @Override
        public Iterator<Map.Entry<String, V>> iterator() {
          return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
              return next < keysAndValues.length;
            }

            @Override
            @SuppressWarnings("unchecked")
            public Map.Entry<String, V> next() {
              if (!hasNext()) {
                throw new NoSuchElementException();
              }
              Map.Entry<String, V> entry =
                  new SimpleImmutableEntry<>(
                      (String) keysAndValues[next], (V) keysAndValues[next + 1]);
              next += 2;
              return entry;
            }
          };
        }
      };
    }
  }
}

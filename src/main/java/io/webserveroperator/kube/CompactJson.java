package io.webserveroperator.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
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
 * The form the caches keep objects in: JSON maps as {@link CompactMap}s, read-only and in the same
 * order, with keys and values side by side in one array; lists read-only; strings shared, one
 * instance per value. A parsed JSON object is a {@code LinkedHashMap}, about 170 bytes for the two
 * entries a typical one holds against about 50 here; across the tens of thousands of objects an
 * informer caches, the maps were half of the operator's heap, and the same values (an image, a
 * namespace, {@code "True"}, the defaults the API server fills in) repeated in every object were
 * more than a quarter of what was left.
 *
 * <p>Read-only on purpose: an informer's cached objects are shared, and a reader that changed one
 * would corrupt every later read; with these it fails at once instead.
 *
 * <p>The client reads every object into this form ({@link CompactResourceDeserializer}); {@link
 * #compact} brings an object read otherwise into it.
 */
final class CompactJson {

  private static final Class<?> READ_ONLY_LIST =
      Collections.unmodifiableList(new ArrayList<>()).getClass();

  private CompactJson() {}

  /** Compacts the object's content and its metadata, in place; what is compact stays as it is. */
  static void compact(GenericKubernetesResource object) {
    compactMetadata(object.getMetadata());
    object.getAdditionalProperties().replaceAll((key, value) -> compactValue(value));
  }

  /** Compacts the labels and annotations and shares the repeated strings of the metadata. */
  static void compactMetadata(ObjectMeta metadata) {
    if (metadata == null) {
      return;
    }
    metadata.setLabels(compactMap(metadata.getLabels()));
    metadata.setAnnotations(compactMap(metadata.getAnnotations()));
    metadata.setNamespace(shared(metadata.getNamespace()));
    metadata.setCreationTimestamp(shared(metadata.getCreationTimestamp()));
    for (OwnerReference owner : metadata.getOwnerReferences()) {
      owner.setApiVersion(shared(owner.getApiVersion()));
      owner.setKind(shared(owner.getKind()));
      owner.setName(shared(owner.getName()));
      owner.setUid(shared(owner.getUid()));
    }
  }

  /**
   * The one instance of this value that every cached object shares. The JVM's string table holds
   * its strings weakly: a value no object holds any more is collected.
   */
  static String shared(String text) {
    return text == null ? null : text.intern();
  }

  /** The list, read-only, its array trimmed to its items. */
  static List<Object> readOnly(ArrayList<Object> items) {
    if (items.isEmpty()) {
      return Collections.emptyList();
    }
    items.trimToSize();
    return Collections.unmodifiableList(items);
  }

  @SuppressWarnings("unchecked")
  private static <V> Map<String, V> compactMap(Map<String, V> map) {
    return map == null || map.isEmpty() || map instanceof CompactMap
        ? map
        : (Map<String, V>) CompactMap.of(map, CompactJson::compactValue);
  }

  private static Object compactValue(Object value) {
    if (value instanceof CompactMap<?> || READ_ONLY_LIST.isInstance(value)) {
      return value;
    }
    if (value instanceof Map<?, ?>) {
      return CompactMap.of(UntypedMaps.asMap(value, "a cached field"), CompactJson::compactValue);
    }
    if (value instanceof List<?> list) {
      ArrayList<Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(compactValue(item)));
      return readOnly(copy);
    }
    if (value instanceof String text) {
      return shared(text);
    }
    return value;
  }

  /** A read-only map in insertion order over one array: key, value, key, value, ... */
  static final class CompactMap<V> extends AbstractMap<String, V> {

    private final Object[] keysAndValues;

    private CompactMap(Object[] keysAndValues) {
      this.keysAndValues = keysAndValues;
    }

    /** A map over this array of keys and values, which it takes as it is. */
    static CompactMap<Object> of(Object[] keysAndValues) {
      return new CompactMap<>(keysAndValues);
    }

    static <V> CompactMap<Object> of(Map<String, V> map, Function<Object, Object> values) {
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

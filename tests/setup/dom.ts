// jsdom has no IndexedDB; fake-indexeddb gives Dexie a real (in-memory) implementation.
import 'fake-indexeddb/auto';

/**
 * The program of the thread that reads the history of data/ while the build loads the records (onThread.ts). It
 * waits for the project folder, reads the change list and hands it back; readChangeList never rejects.
 */
import { parentPort } from "node:worker_threads";
import { readChangeList } from "./changeList.js";

parentPort?.once("message", (root: string) => {
  void readChangeList(root).then((list) => parentPort?.postMessage(list));
});

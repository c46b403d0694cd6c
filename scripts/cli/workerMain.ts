import { answerOneTask, runWorkerTask } from "./workerTasks.js";

// The entry of the workers' bundle: a worker thread waits for one task, answers it and ends.
answerOneTask(runWorkerTask);

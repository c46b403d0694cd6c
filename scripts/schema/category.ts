import { z } from "zod";

export const Category = z
  .enum(["inference_api", "gateway_router", "platform_assistant", "compute_gpu"], {
    message: "must be one of inference_api, gateway_router, platform_assistant, compute_gpu",
  })
  .describe("The layer of what is bought. Never a geography: jurisdiction is carried by ownership and sovereignty.");
export type Category = z.infer<typeof Category>;

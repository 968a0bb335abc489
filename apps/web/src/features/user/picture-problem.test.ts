import { ApiError } from "@brandscope/api-client";
import { describe, expect, it } from "vitest";
import { pictureProblem } from "./mutations";

describe("pictureProblem", () => {
  it("says what to do for each refusal of the server", () => {
    expect(
      pictureProblem(new ApiError("Payload Too Large", { status: 413, code: "PAYLOAD_TOO_LARGE" })),
    ).toBe("That picture is larger than 5 MB. Choose a smaller one.");
    expect(
      pictureProblem(
        new ApiError("Bad Request", {
          status: 400,
          code: "IMAGE_TOO_LARGE",
          serverMessage: "Too big: 48 MP.",
        }),
      ),
    ).toBe("Too big: 48 MP.");
    expect(pictureProblem(new ApiError("Service Unavailable", { status: 503, code: "SERVER_BUSY" }))).toBe(
      "We are busy reading other pictures. Try again in a few seconds.",
    );
  });
});

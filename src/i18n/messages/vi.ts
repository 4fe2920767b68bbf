/** Vietnamese. */
import type { Messages } from "./en.ts";

/** Vietnamese catalog: no plural forms. */
export const vi: Messages = {
  loading: "Đang tải…",
  resultsLabel: "Kết quả",
  droppedItems: (count) => `Không thể hiển thị ${count} mục.`,

  invalidTitle: "Không thể hiển thị kết quả này",
  invalidBody: "Câu trả lời không đúng định dạng mong đợi. Vui lòng hỏi lại.",
  unsupportedTitle: "Ứng dụng cần được cập nhật",
  unsupportedBody: "Kết quả dùng định dạng mới hơn mức phiên bản ứng dụng này có thể hiển thị.",

  emptyTitle: "Không tìm thấy gì",
  emptyHint: "Bạn có thể thử:",
  cancelled: "Đã hủy. Không có gì thay đổi.",

  errorTitle: "Đã xảy ra lỗi",
  hostCallFailed: "Yêu cầu không đến được ứng dụng. Vui lòng thử lại.",
  unreadableResult: "Ứng dụng gửi về câu trả lời mà tiện ích này không đọc được.",
  fieldErrorsTitle: "Vui lòng kiểm tra:",
  example: (value) => `Ví dụ: ${value}`,
  nextAction: "Việc cần làm tiếp:",
  requestId: "Mã yêu cầu",
  copy: "Sao chép",
  copyLabel: "Sao chép mã yêu cầu",
  copied: "Đã sao chép",
  copyManually: "Hãy chọn mã và tự sao chép",
  changesNone: "Chưa có gì được tạo.",
  changesApplied: "Thay đổi đã được áp dụng.",
  changesUnknown: "Có thể thao tác đã thành công — thử lại với cùng yêu cầu là an toàn.",

  retry: "Thử lại",
  retryIn: (seconds) => `Thử lại sau ${seconds} giây`,
  retrying: "Đang thử lại…",
  retryWait: (seconds) => `Bạn có thể thử lại sau ${seconds} giây.`,
  retryReady: "Bây giờ bạn có thể thử lại.",
  retryExhausted: "Lỗi vẫn lặp lại. Vui lòng thử lại sau.",

  confirmTitle: "Vui lòng xác nhận",
  confirmDescription: "Hãy kiểm tra chi tiết. Không có gì xảy ra cho đến khi bạn xác nhận.",
  quantity: (count) => `× ${count}`,
  total: "Tổng cộng",
  expiresAt: (when) => `Có hiệu lực đến ${when}.`,
  expired: "Đã hết hạn. Hãy chuẩn bị lại để xem chi tiết hiện tại.",
  prepareAgain: "Chuẩn bị lại",
  confirm: "Xác nhận",
  cancel: "Hủy",
  committing: "Đang gửi…",
  committedTitle: "Hoàn tất",
  reference: "Mã tham chiếu:",
  replayed: "Việc này đã được thực hiện trước đó; không có gì bị lặp lại.",
};

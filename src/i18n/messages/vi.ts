/** Vietnamese. */
import type { Messages, WriteMessages } from "./en.ts";

/** Vietnamese catalog: no plural forms. */
export const vi: Messages = {
  loading: "Đang tải…",
  resultsLabel: "Kết quả",
  droppedItems: (count) => `Không thể hiển thị ${count} mục.`,
  expand: "Xem tất cả",

  invalidTitle: "Không thể hiển thị kết quả này",
  invalidBody: "Câu trả lời không đúng định dạng mong đợi. Vui lòng hỏi lại.",
  unsupportedTitle: "Ứng dụng cần được cập nhật",
  unsupportedBody: "Kết quả dùng định dạng mới hơn mức phiên bản ứng dụng này có thể hiển thị.",

  emptyTitle: "Không tìm thấy gì",
  emptyHint: "Bạn có thể thử:",
  cancelled: "Đã hủy. Không có gì thay đổi.",

  errorTitle: "Đã xảy ra lỗi",
  errorTitleValidation: "Vui lòng kiểm tra thông tin",
  errorTitleRefused: "Việc này chưa được thực hiện",
  hostCallFailed: "Yêu cầu không đến được ứng dụng. Vui lòng thử lại.",
  unreadableResult: "Ứng dụng gửi về câu trả lời mà tiện ích này không đọc được.",
  fieldErrorsTitle: "Thông tin cần kiểm tra",
  fieldOther: "Một phần thông tin đã gửi",
  fieldUnknown: "Thông tin ứng dụng không nhận ra",
  fieldMore: "Thông tin khác, hiển thị sau khi sửa các mục này",
  example: (value) => `Ví dụ: ${value}`,
  requestId: "Mã yêu cầu",
  copy: "Sao chép",
  copyLabel: "Sao chép mã yêu cầu",
  copied: "Đã sao chép",
  copyManually: "Hãy chọn mã và tự sao chép",
  changesNone: "Không có gì thay đổi.",
  changesApplied: "Thay đổi đã được áp dụng.",
  changesUnknown: "Có thể thao tác đã thành công — thử lại với cùng yêu cầu là an toàn.",
  errorValidation: "Một số thông tin cần được thay đổi để tiếp tục.",
  errorRateLimited: "Quá nhiều yêu cầu cùng lúc. Vui lòng đợi một chút.",
  errorLimitReached: "Đã đạt giới hạn trong lúc này. Vui lòng thử lại sau.",
  errorUnavailable: "Dịch vụ hiện không khả dụng. Vui lòng thử lại sau ít phút.",
  errorNotFound: "Không tìm thấy, hoặc không còn nữa.",
  errorExpired: "Đã hết hạn. Vui lòng bắt đầu lại.",
  errorConflict:
    "Yêu cầu này xung đột với một yêu cầu trước đó nên không có gì thêm được thực hiện.",
  errorKeyReused: "Đã gửi với thông tin khác; chưa có gì được thực hiện.",
  errorInProgress: "Lần thử trước vẫn đang được xử lý. Vui lòng thử lại sau giây lát.",
  errorNotAllowed: "Quyền truy cập của bạn không cho phép việc này.",
  signInTitle: "Đăng nhập để tiếp tục",
  signInBody: "Việc này cần bạn đăng nhập. Chưa có gì được thực hiện.",
  signIn: "Đăng nhập",
  errorDeclined: "Đã bị từ chối.",
  errorUnknown: "Ứng dụng không thể thực hiện việc này.",

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
  back: "Quay lại danh sách",
  refresh: "Làm mới danh sách",
  confirm: "Xác nhận",
  cancel: "Hủy",
  committing: "Đang gửi…",
  committedTitle: "Hoàn tất",
  reference: "Mã tham chiếu:",
  replayed: "Việc này đã được thực hiện trước đó; không có gì bị lặp lại.",
};

/** Vietnamese sentences of WriteView (`WriteMessages`). */
export const viWrite: WriteMessages = {
  CONFIRMATION_NOT_DELIVERED:
    "Nền tảng này không chuyển cho ứng dụng thông tin cần để xác nhận tại đây. Bạn có thể xác nhận trong ChatGPT hoặc nền tảng khác hiển thị ứng dụng này.",
  CHECKOUT_NOT_COMPLETED: "Thanh toán chưa hoàn tất. Chưa bị trừ tiền.",
};

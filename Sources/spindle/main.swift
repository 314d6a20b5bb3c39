print("spindle")

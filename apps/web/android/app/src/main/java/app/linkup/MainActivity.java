package app.linkup;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
